printf 'one\ntwo\nthree\n' | jq -R 'ascii_upcase'
printf 'one\ntwo\n' | jq -nR '[inputs]' -c
printf '1,2\n3,4\n' | jq -Rc 'split(",") | map(tonumber)'
