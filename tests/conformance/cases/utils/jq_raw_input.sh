# jq: -R reads lines as strings, -Rs the whole input as one string
printf 'one\ntwo words\n\nlast' > in.txt
jq -R . in.txt
jq -R -s . in.txt
jq -R -n -c '[inputs | length]' in.txt
jq -R -c 'split(" ")' in.txt
rm in.txt
