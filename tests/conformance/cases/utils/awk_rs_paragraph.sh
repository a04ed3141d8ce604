# RS="" reads paragraphs; newline separates fields too.
printf '\n\nname: a\nage: 1\n\n\nname: b\nage: 2\n' | awk 'BEGIN { RS = "" } { print NR ": " $2 " / " $4 " (" NF ")" }'
