printf 'abcdefghij' | split -b 4
for f in $(ls); do printf '%s:' $f; cat $f; echo; done
