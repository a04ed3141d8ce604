TZ=UTC0 date -d '2024-05-06 07:08:09' '+%F %T %Z %z'
