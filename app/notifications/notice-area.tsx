import { useEffect, useRef } from "react";
import { type Notice, dismissNotice, useNotices } from "./store";

function ConfirmNotice({ notice }: { notice: Notice }) {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => ok.current?.focus(), []);
  return (
    <div className="notice notice--confirm" role="alertdialog" aria-labelledby={`notice-${notice.id}`}>
      <p id={`notice-${notice.id}`}>{notice.text}</p>
      <button
        ref={ok}
        type="button"
        className="button button--primary"
        onClick={() => {
          dismissNotice(notice.id);
          notice.onConfirm?.();
        }}
      >
        OK
      </button>
    </div>
  );
}

/** Where every message of the app appears: stacked in the bottom right corner. */
export function NoticeArea() {
  const notices = useNotices();
  return (
    <div className="notice-area">
      {notices.map((notice) =>
        notice.onConfirm ? (
          <ConfirmNotice key={notice.id} notice={notice} />
        ) : (
          <div key={notice.id} className="notice">
            <p role="alert">{notice.text}</p>
            <button
              type="button"
              className="notice__dismiss"
              aria-label="Dismiss message"
              onClick={() => dismissNotice(notice.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ),
      )}
    </div>
  );
}
