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

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Bytes a run may hold beyond the session's variables.
#[derive(Debug)]
pub struct MemoryBudget {
    used: AtomicU64,
    /// The variables' size as last reported by the shell.
    base: AtomicU64,
    limit: u64,
    breached: AtomicBool,
}

impl MemoryBudget {
    /// A budget of `limit` bytes, none used.
    pub fn new(limit: u64) -> Self {
        Self {
            used: AtomicU64::new(0),
            base: AtomicU64::new(0),
            limit,
            breached: AtomicBool::new(false),
        }
    }

    /// The configured limit.
    pub fn limit(&self) -> u64 {
        self.limit
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
        if bytes > self.limit {
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
            if next.saturating_add(base) > self.limit {
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

    /// Room left for one allocation.
    pub fn room(&self) -> u64 {
        self.limit
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
}
