jq -n --arg x hello --arg y 'a b' '[$x, $y, $ARGS.named]' -c
