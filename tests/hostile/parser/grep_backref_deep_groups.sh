# 20 000 nested groups with a back-reference: the pattern parser's
# nesting bound refuses it (status 2) without deep recursion.
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: nested
# expect-max-seconds: 2
o=$(printf '%020000d' 0); c=$o
o=${o//0/(}; c=${c//0/)}
echo aa | grep -E "${o}a${c}\\1"
