printf 'foo\nfoooo\nbar\nf+o\n' > f
sed -n '/fo\+/p' f
sed -n '/fo+/p' f
sed -n -E '/fo+/p' f
sed -n '/o\{3,\}/p' f
sed -n -E '/o{3,}/p' f
sed -n '/foo\|bar/p' f
sed -n -r '/^(foo|bar)$/p' f
sed -n '/fo\?o$/p' f
sed -n '/[[:digit:]]/p;/[[:alpha:]]\{4\}/p' f
