/** A count's noun in the right number: 'desk' for 1, 'desks' otherwise (0 desks, 2 desks). */
export const nounFor = (count: number, noun: string, many = `${noun}s`) => (count === 1 ? noun : many);

/** A count in words with its noun: '1 desk', '1,250 desks'. */
export const plural = (count: number, noun: string, many?: string) => `${count.toLocaleString('en-US')} ${nounFor(count, noun, many)}`;
