# A function reading its own process substitution recurses through jobs:
# `max_jobs` bounds the depth, the innermost is refused and every level
# unwinds.
# expect-stop: none
# expect-stderr-contains: fork: retry: Resource temporarily unavailable
# expect-stdout: end
f() { cat <(f); }
f
echo end
