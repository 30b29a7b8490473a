import { memo, useEffect, useRef, type RefObject } from 'react';
import { MEETING_POINTER_IDLE_MS, type MeetingPointerMessage } from '@shared/realtime';
import { meetings } from '../../../live/meetings';
import { pointerPosition } from './pointerPlacement';

/** One person's pointer: its element, where it points now, and the timer that fades it. */
interface Shown {
  element: HTMLDivElement;
  message: MeetingPointerMessage;
  fade?: ReturnType<typeof setTimeout>;
}

/** Distinct, readable colours for the people in a meeting, picked by user id. */
const COLOURS = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0891b2', '#dc2626', '#4d7c0f'];
const colourOf = (userId: string) => COLOURS[[...userId].reduce((sum, c) => sum + c.charCodeAt(0), 0) % COLOURS.length]!;

function pointerElement(message: MeetingPointerMessage): HTMLDivElement {
  const element = document.createElement('div');
  element.dataset.meetingPointer = message.user_id;
  element.className = 'pointer-events-none absolute top-0 left-0 flex items-start transition-opacity duration-300';
  element.setAttribute('aria-hidden', 'true');
  const colour = colourOf(message.user_id);
  element.innerHTML = `<svg width="16" height="20" viewBox="0 0 16 20" class="drop-shadow"><path d="M1 1 L1 17 L5.5 12.5 L8.5 19 L11 18 L8 11.5 L14 11.5 Z" fill="${colour}" stroke="white" stroke-width="1.5" stroke-linejoin="round"/></svg>`;
  const label = document.createElement('span');
  label.className = 'mt-4 -ml-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white shadow';
  label.style.backgroundColor = colour;
  label.textContent = message.name;
  element.append(label);
  return element;
}

/**
 * The others' pointers in the meeting, over the board. Each is one element moved with a CSS
 * transform when its position arrives (up to 20 times a second per person): nothing here, nor
 * in the board under it, renders again for it. A pointer still for MEETING_POINTER_IDLE_MS fades.
 */
export const PointerLayer = memo(function PointerLayer({ board }: { board: RefObject<HTMLElement | null> }) {
  const layer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const shown = new Map<string, Shown>();
    const hide = (entry: Shown) => {
      entry.element.style.opacity = '0';
    };
    const place = (entry: Shown) => {
      const root = board.current;
      const host = layer.current;
      const pointer = entry.message.pointer;
      if (!root || !host || !pointer) return hide(entry);
      const at = pointerPosition(root, host.getBoundingClientRect(), pointer);
      if (!at) return hide(entry);
      entry.element.style.transform = `translate3d(${Math.round(at.left)}px, ${Math.round(at.top)}px, 0)`;
      entry.element.style.opacity = '1';
      clearTimeout(entry.fade);
      entry.fade = setTimeout(() => hide(entry), MEETING_POINTER_IDLE_MS);
    };
    const stop = meetings.onPointer((message) => {
      let entry = shown.get(message.user_id);
      if (!entry) {
        if (!message.pointer) return;
        entry = { element: pointerElement(message), message };
        layer.current?.append(entry.element);
        shown.set(message.user_id, entry);
      }
      entry.message = message;
      place(entry);
    });
    return () => {
      stop();
      for (const entry of shown.values()) {
        clearTimeout(entry.fade);
        entry.element.remove();
      }
    };
  }, [board]);

  // A layer of its own, contained: a pointer moving repaints and re-layers only this, never the board.
  return <div ref={layer} className="pointer-events-none absolute inset-0 z-20 overflow-hidden" style={{ contain: 'strict', willChange: 'transform' }} data-testid="meeting-pointers" />;
});
