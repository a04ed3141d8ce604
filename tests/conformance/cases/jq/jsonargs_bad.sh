# check-stderr
# jq 1.7 differs from the recorded 1.6: 1.6 aborts on an assertion; 1.7 prints "invalid JSON text passed to --jsonargs" and the usage hint, status 2; .out/.err written by hand
jq -n '$ARGS.positional' --jsonargs 1 '{x'
echo "status=$?"
