shopt -s expand_aliases
alias up='tr a-z A-Z'
echo "$(echo inside | up)"
eval 'alias ev="echo from-eval"'
ev
eval 'alias late="echo late"; late' 2>/dev/null || echo "late not yet"
late
