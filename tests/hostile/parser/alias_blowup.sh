# Forty aliases, each expanding to two eligible copies of the next (a
# value ending in a blank makes the next word eligible too): expansion
# would make 2^40 words. Expansion stops at its token bound, an error
# that ends the script as a syntax error does.
# expect-stop: none
# expect-status: 2
# expect-stdout-empty:
# expect-stderr-contains: alias expansion too large
# expect-max-seconds: 3
shopt -s expand_aliases
for i in $(seq 0 39); do alias a$i="a$((i+1)) a$((i+1)) "; done
a0
echo after
