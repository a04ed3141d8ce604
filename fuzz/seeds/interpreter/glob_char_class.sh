touch a1 b2 ab
echo *[[:digit:]]
echo [[:alpha:]][[:alpha:]]
