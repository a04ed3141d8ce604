a=("a \"quoted\" b" 'single '\''q'\''' $'tab\there')
printf '<%s>\n' "${a[@]}"
