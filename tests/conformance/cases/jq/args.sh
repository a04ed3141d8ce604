jq -n -c '$ARGS' --args a 'b c' d
jq -nc --args '$ARGS.positional' x y
