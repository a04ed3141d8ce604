//! A `tracing` subscriber that keeps every span and event as text, for the
//! trace tests. Hand-written so the tests need nothing beyond `tracing`.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};
use tracing_core::span::Current;

/// One event as it was seen.
#[derive(Clone, Debug)]
pub struct Seen {
    pub level: tracing::Level,
    pub target: String,
    /// Every field, `message` included, as text.
    pub fields: BTreeMap<String, String>,
    /// The `session` field of the innermost span that has one.
    pub session: Option<String>,
    /// The name of the thread that emitted it.
    pub thread: String,
}

impl Seen {
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }
}

struct SpanData {
    meta: &'static Metadata<'static>,
    fields: BTreeMap<String, String>,
}

#[derive(Default)]
struct Inner {
    next: AtomicU64,
    spans: Mutex<BTreeMap<u64, SpanData>>,
    events: Mutex<Vec<Seen>>,
}

thread_local! {
    /// The spans entered on this thread, innermost last.
    static STACK: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// The subscriber; clones share what they captured.
#[derive(Clone, Default)]
pub struct Capture(Arc<Inner>);

struct Fields<'a>(&'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }
}

impl Capture {
    /// The events seen so far.
    pub fn events(&self) -> Vec<Seen> {
        self.0.events.lock().unwrap().clone()
    }

    /// The events of one session.
    pub fn session(&self, id: u64) -> Vec<Seen> {
        let id = id.to_string();
        self.events()
            .into_iter()
            .filter(|e| e.session.as_deref() == Some(id.as_str()))
            .collect()
    }

    /// Everything captured, spans and events, every name and field, as
    /// one text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (id, s) in self.0.spans.lock().unwrap().iter() {
            let _ = writeln!(
                out,
                "span {id} {} {} {:?}",
                s.meta.name(),
                s.meta.target(),
                s.fields
            );
        }
        for e in self.events() {
            let _ = writeln!(
                out,
                "event {} {} {:?} {:?} {}",
                e.level, e.target, e.fields, e.session, e.thread
            );
        }
        out
    }
}

impl Subscriber for Capture {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let id = self.0.next.fetch_add(1, Ordering::Relaxed) + 1;
        let mut fields = BTreeMap::new();
        span.record(&mut Fields(&mut fields));
        self.0.spans.lock().unwrap().insert(
            id,
            SpanData {
                meta: span.metadata(),
                fields,
            },
        );
        Id::from_u64(id)
    }

    fn record(&self, span: &Id, values: &Record<'_>) {
        if let Some(s) = self.0.spans.lock().unwrap().get_mut(&span.into_u64()) {
            values.record(&mut Fields(&mut s.fields));
        }
    }

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let mut fields = BTreeMap::new();
        event.record(&mut Fields(&mut fields));
        let stack = STACK.with(|s| s.borrow().clone());
        let session = {
            let spans = self.0.spans.lock().unwrap();
            stack
                .iter()
                .rev()
                .find_map(|id| spans.get(id).and_then(|s| s.fields.get("session")).cloned())
        };
        let thread = std::thread::current().name().unwrap_or("").to_owned();
        self.0.events.lock().unwrap().push(Seen {
            level: *event.metadata().level(),
            target: event.metadata().target().to_owned(),
            fields,
            session,
            thread,
        });
    }

    fn enter(&self, span: &Id) {
        STACK.with(|s| s.borrow_mut().push(span.into_u64()));
    }

    fn exit(&self, span: &Id) {
        STACK.with(|s| {
            let mut s = s.borrow_mut();
            if let Some(i) = s.iter().rposition(|x| *x == span.into_u64()) {
                s.remove(i);
            }
        });
    }

    fn current_span(&self) -> Current {
        let top = STACK.with(|s| s.borrow().last().copied());
        let spans = self.0.spans.lock().unwrap();
        match top.and_then(|id| spans.get(&id).map(|s| (id, s.meta))) {
            Some((id, meta)) => Current::new(Id::from_u64(id), meta),
            None => Current::none(),
        }
    }
}
