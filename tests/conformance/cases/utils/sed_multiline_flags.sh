printf 'a\nb\nc\n' > f
sed 'N;N;s/^b/B/M' f
sed 'N;N;s/^/>/Mg' f
sed 'N;N;s/$/</Mg' f
sed 'N;N;s/a.b/X/' f
sed -n 'N;N;/^c$/Mp' f
sed 'N;N;s/\`a/A/Mg;s/c'"\\'"'/C/M' f
