//! The memory budget of a run.
//!
//! Memory is bounded, not merely counted: every place that could hold a
//! script-controlled amount of data asks before it allocates. Two ledgers
//! add up to the limit:
//! - the session's variables, which [`crate::vars::Vars`] sizes itself as
//!   they change (they outlive a run);
//! - this budget, shared by all threads of one run, for what is transient:
//!   `$( )` captures, copies of the variables that subshells make,
//!   utilities' buffers (`sort`), pipeline stages.
//!
//! A refused request marks the budget as breached; the run notices at its
//! next check and stops with `maximum memory exceeded`, naming the limit.
//!
//! The variables never stay over the limit: a store that would take them
//! past it is refused (see [`crate::vars::Vars::set_ceiling`]), so a
//! stopped run leaves the session within its budget. Should a run start
//! with the variables at or over the limit anyway (the limits were lowered,
//! or a snapshot restored under smaller ones), the run may not grow them,
//! but gets a small working room above them so that `echo` and `unset`
//! still run and the session can be repaired.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Bytes a run may hold beyond the session's variables.
#[derive(Debug)]
pub struct MemoryBudget {
    used: AtomicU64,
    /// The variables' size as last reported by the shell.
    base: AtomicU64,
    limit: u64,
    /// Most the variables may reach in this run: the limit, or what they
    /// held when the run started if that was more.
    vars_ceiling: u64,
    /// Most the variables and the charges may reach together: the limit,
    /// raised to leave [`working_room`] above variables that start the run
    /// at or near it.
    total: AtomicU64,
    breached: AtomicBool,
}

/// Room a run gets above variables that already fill the limit: enough
/// for small commands, a quarter of the limit at most.
pub fn working_room(limit: u64) -> u64 {
    (limit / 4).min(1 << 20)
}

impl MemoryBudget {
    /// A budget of `limit` bytes, none used.
    pub fn new(limit: u64) -> Self {
        Self::for_run(limit, 0)
    }

    /// The budget of a run whose session's state holds `start` bytes when
    /// it begins.
    pub fn for_run(limit: u64, start: u64) -> Self {
        Self {
            used: AtomicU64::new(0),
            base: AtomicU64::new(start),
            limit,
            vars_ceiling: limit.max(start),
            total: AtomicU64::new(limit.max(start.saturating_add(working_room(limit)))),
            breached: AtomicBool::new(false),
        }
    }

    /// The configured limit.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Most the variables may hold in this run.
    pub fn vars_ceiling(&self) -> u64 {
        self.vars_ceiling
    }

    /// Bytes currently charged.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// True once a request was refused.
    pub fn breached(&self) -> bool {
        self.breached.load(Ordering::Relaxed)
    }

    /// Marks the budget as breached (a caller found, by its own sizing,
    /// that it cannot go on within the limit).
    pub fn breach(&self) {
        self.breached.store(true, Ordering::Relaxed);
    }

    /// Records the size of the variables, which count against the same
    /// limit.
    pub fn set_base(&self, bytes: u64) {
        self.base.store(bytes, Ordering::Relaxed);
        if bytes > self.vars_ceiling {
            self.breach();
        }
    }

    /// Takes `bytes` if variables + charged + `bytes` stays within the
    /// limit. On refusal nothing is taken and the budget is marked breached.
    pub fn try_charge(&self, bytes: u64) -> bool {
        let base = self.base.load(Ordering::Relaxed);
        let mut cur = self.used.load(Ordering::Relaxed);
        loop {
            let next = cur.saturating_add(bytes);
            if next.saturating_add(base) > self.total.load(Ordering::Relaxed) {
                self.breach();
                return false;
            }
            match self
                .used
                .compare_exchange_weak(cur, next, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return true,
                Err(now) => cur = now,
            }
        }
    }

    /// Gives back bytes taken by [`MemoryBudget::try_charge`].
    pub fn release(&self, bytes: u64) {
        let mut cur = self.used.load(Ordering::Relaxed);
        loop {
            let next = cur.saturating_sub(bytes);
            match self
                .used
                .compare_exchange_weak(cur, next, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return,
                Err(now) => cur = now,
            }
        }
    }

    /// Lowers the budget to `limit` bytes in all (`ulimit -v`): later
    /// charges past it are refused; what is held already stays held.
    pub fn lower(&self, limit: u64) {
        self.total.fetch_min(limit, Ordering::Relaxed);
    }

    /// Room left for one allocation.
    pub fn room(&self) -> u64 {
        self.total
            .load(Ordering::Relaxed)
            .saturating_sub(self.base.load(Ordering::Relaxed))
            .saturating_sub(self.used())
    }
}

/// Bytes held against a budget, given back when dropped.
#[derive(Debug)]
pub struct Charge {
    budget: Option<Arc<MemoryBudget>>,
    bytes: u64,
}

impl Charge {
    /// A charge holding nothing, against no budget.
    pub fn none() -> Self {
        Self {
            budget: None,
            bytes: 0,
        }
    }

    /// An empty charge against `budget`, to grow later.
    pub fn on(budget: &Arc<MemoryBudget>) -> Self {
        Self {
            budget: Some(budget.clone()),
            bytes: 0,
        }
    }

    /// Takes `bytes` more; false (and nothing taken) when over the limit.
    /// A charge against no budget always succeeds.
    pub fn grow(&mut self, bytes: u64) -> bool {
        match &self.budget {
            Some(b) => {
                if b.try_charge(bytes) {
                    self.bytes = self.bytes.saturating_add(bytes);
                    true
                } else {
                    false
                }
            }
            None => true,
        }
    }

    /// Gives back `bytes` of what this charge holds.
    pub fn shrink(&mut self, bytes: u64) {
        let n = bytes.min(self.bytes);
        if let Some(b) = &self.budget {
            b.release(n);
        }
        self.bytes -= n;
    }

    /// Bytes held.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        if let Some(b) = &self.budget {
            b.release(self.bytes);
        }
    }
}

impl Default for Charge {
    fn default() -> Self {
        Self::none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_are_bounded_and_released() {
        let b = Arc::new(MemoryBudget::new(100));
        let mut c = Charge::on(&b);
        assert!(c.grow(60));
        assert!(!c.grow(41));
        assert!(b.breached());
        assert_eq!(b.used(), 60);
        b.set_base(30);
        assert!(b.try_charge(10));
        assert!(!b.try_charge(1));
        drop(c);
        assert_eq!(b.used(), 10);
        assert_eq!(b.room(), 60);
    }

    #[test]
    fn a_run_starting_full_gets_working_room_but_no_growth() {
        let b = MemoryBudget::for_run(1000, 990);
        assert_eq!(b.vars_ceiling(), 1000);
        assert_eq!(b.room(), 250);
        assert!(b.try_charge(200));
        assert!(!b.breached());
        b.set_base(1001);
        assert!(b.breached());

        let over = MemoryBudget::for_run(1000, 5000);
        assert_eq!(over.vars_ceiling(), 5000);
        over.set_base(5000);
        assert!(!over.breached());
        assert!(over.try_charge(250));
        assert!(!over.try_charge(1));

        let empty = MemoryBudget::for_run(1000, 0);
        assert_eq!(empty.room(), 1000);
    }
}
