jq -n --argjson v '{"a":[1,2]}' '$v.a[1], $ARGS.named' -c
