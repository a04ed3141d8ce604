expr abab : '\(ab\)\1'
expr aab : '\(a\)\1b'
expr aaaa : '\(a*\)\1'
expr abc : '\(a\)\1'; echo "s=$?"
expr xyyx : '\(.\)\(.\)\2\1'
expr 'foo foo bar' : '\([a-z]*\) \1'
