printf 'abc' > f
gzip -c f > f.gz; gzip -d < f.gz; echo; gzip -dc < f.gz | od -c
