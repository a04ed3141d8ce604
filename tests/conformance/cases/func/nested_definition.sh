outer() { inner() { echo inner; }; }
outer
inner
