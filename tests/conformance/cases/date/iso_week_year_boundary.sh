date -u -d '2021-01-01' '+%G-W%V-%u %Y %U %W'
