printf 'a;b;c;' | split -l 2 -t ';'
for f in $(ls); do printf '%s:' $f; cat $f; echo; done
