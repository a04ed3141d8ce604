# jq: --arg, --argjson, --args, --jsonargs and $ARGS
jq -n -c --arg name Ann --argjson age 42 '{name: $name, age: $age, t: ($age | type)}'
jq -n -c --arg x 1 '$ARGS.named'
jq -n -c '$ARGS.positional' --args a 'b c'
jq -n -c '$ARGS.positional' --jsonargs 1 '{"k":[true]}' null
jq -n -r --arg s 'multi word' '$s'
