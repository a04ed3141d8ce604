printf '%s-%d|\n'
printf '%s %s|\n' a
