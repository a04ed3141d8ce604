printf 'a\nb\n' > f
sed --quiet p f
sed --silent '1p' f
sed --expression=p --expression='s/a/A/' f
sed -ne '2p' f
sed -nE '/a|b/p' f
sed --regexp-extended -n '/(a)/p' f
sed --posix -n p f
sed --debug -n '1p' f >/dev/null; echo "status $?"
sed -u p f
