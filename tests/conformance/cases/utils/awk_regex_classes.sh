# Bracket expressions, classes, intervals, alternation, anchors.
printf 'abc123\nABC\n  \nx_y\na{2}\n' | awk '
  /^[[:alpha:]]+[[:digit:]]+$/ { print "alnum:", $0 }
  /^[[:upper:]]+$/ { print "upper:", $0 }
  /^[[:space:]]*$/ { print "blank:", NR }
  /[^a-z]/ && /_/ { print "underscore:", $0 }
  /(abc|xyz)[0-9]/ { print "alt:", $0 }
  /a\{2\}/ { print "literal brace:", $0 }
'
