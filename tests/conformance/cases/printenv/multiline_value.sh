export ML=$'line1\nline2'
printenv ML
