printf 'a\nb\n' | jq -R .
printf 'a\nb\n' | jq -Rs .
printf 'a\nb' | jq -R .
