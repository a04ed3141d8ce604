if false; true; then echo last-wins; fi
if ! false; then echo negated; fi
