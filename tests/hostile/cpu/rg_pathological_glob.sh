# Globs that backtrack exponentially in a naive matcher (`*a*a*a...`
# against a long name of `a`s with no match at the end) and brace groups
# that expand to millions of words: rg's globs are compiled to one regex
# (globset), so both answer at once.
# expect-stop: none
# expect-status: 1
# expect-stdout-empty:
# expect-max-seconds: 2
mkdir d
echo x > "d/$(printf 'a%.0s' $(seq 1 150))b"
g=$(printf '*a%.0s' $(seq 1 200))
rg --files -g "$g" d
g=$(printf '{a,b,c,d}%.0s' $(seq 1 12))
rg --files -g "$g" d
