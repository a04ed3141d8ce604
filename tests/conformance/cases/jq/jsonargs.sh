jq -n -c '$ARGS.positional' --jsonargs 1 '{"a":2}' null '"s"'
