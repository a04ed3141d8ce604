# A lone apostrophe in a comment, as in: it's
# The deep braces after it must still meet the nesting budget: a quote in
# a comment opens nothing.
# generate: "{ "*100000 ":;" " }"*100000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stdout-empty:
# expect-stderr-contains: maximum nesting depth exceeded (200)
