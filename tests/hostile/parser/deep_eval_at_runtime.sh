# Deep nesting built at run time and handed to eval: the parse of eval is
# bounded the same way, and the error ends only the eval.
# expect-stop: none
# expect-stdout: after
# expect-stderr-contains: maximum nesting depth exceeded (200)
s=$(printf '{ %.0s' {1..5000})
eval "$s"
echo after
