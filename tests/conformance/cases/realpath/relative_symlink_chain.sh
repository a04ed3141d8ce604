mkdir -p r/s; touch r/s/file; ln -s s/file r/l1; ln -s r/l1 l2
realpath --relative-to=. l2
