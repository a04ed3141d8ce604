: > e
gzip -c e | gzip -dc | wc -c
gzip e; ls; gunzip e.gz; wc -c < e
