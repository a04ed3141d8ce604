printf 'abcdefghijk' > in; split -n 3 in; rm in
for f in $(ls); do printf '%s:' $f; cat $f; echo; done
