printf 'a,b,c\nd\n' > f
sed ':a;s/,/;/;ta' f
sed -n 's/,/;/;t ok;p;b;:ok;s/^/changed: /p' f
sed 's/x/y/;T skip;s/^/never/;:skip;s/$/!/' f
sed -e ':top' -e 's/a,/A/' -e 't top' f
sed '/d/b end;s/^/> /;:end' f
