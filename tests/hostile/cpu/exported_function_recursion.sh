# A function `export -f` passes to the bash it runs, which runs it again:
# every level defines the function anew from the environment, and the
# call-depth limit (200) ends the nesting.
# profile: normal
# expect-stop: call_depth
# expect-max-seconds: 3
f() { bash -c 'f'; }
export -f f
f
