# Phrases relative to now agree with each other (the output itself changes daily).
[ "$(date -u -d yesterday +%F)" = "$(date -u -d '1 day ago' +%F)" ] && echo yesterday ok
[ "$(date -u -d tomorrow +%F)" = "$(date -u -d '+1 day' +%F)" ] && echo tomorrow ok
[ "$(date -u -d now +%F)" = "$(date -u +%F)" ] && echo now ok
[ "$(date -u -d 'next monday' +%u)" = 1 ] && echo next monday ok
[ "$(date -u -d 'last friday' +%a)" = Fri ] && echo last friday ok
[ "$(date -u -d '2 weeks ago' +%s)" -lt "$(date -u +%s)" ] && echo ago ok
