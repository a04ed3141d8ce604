date -u -d '2024-03-05' '+%a %A %b %B %h'
