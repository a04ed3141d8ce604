env PATH=/bin:/usr/bin which -a sort; env PATH=/bin which cat
