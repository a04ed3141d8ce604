date -u -d '2024-03-05' '+%C %y %Y %G %g'
