jq -n --arg x $'a\xffb' '$x' | od -c
jq -nc --args '$ARGS.positional' $'\xfe' | od -c
printf '"a\xffb"' | jq . | od -c
printf 'a\xffb\n' | jq -R . | od -c
printf '\xef\xbb\xbf{"a":1}' | jq -c .
printf '{"a":"\\u0000"}' | jq -c .
export V=$'a\xffb'
jq -n 'env.V, $ENV.V' | od -c
