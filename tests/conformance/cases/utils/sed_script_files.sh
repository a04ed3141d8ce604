printf 'a\nb\nc\n' > in.txt
printf 's/a/X/\n# a comment\n2d\n$a\\\nappended\n' > prog.sed
sed -f prog.sed in.txt
sed -f prog.sed -e 's/c/Z/' in.txt
printf '#n\n/b/p\n' > quiet.sed
sed -f quiet.sed in.txt
sed '#n
2p' in.txt
sed -n -f - in.txt <<'S'
1p
$p
S
