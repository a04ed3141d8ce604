echo hi | tee a b c
cat a b c
