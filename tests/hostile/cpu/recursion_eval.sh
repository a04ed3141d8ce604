# A string that evals itself.
# expect-stop: call_depth
# expect-max-seconds: 2
x='eval "$x"'
eval "$x"
