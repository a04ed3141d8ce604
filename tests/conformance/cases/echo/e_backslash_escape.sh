echo -e 'a\\b' 'c\\\\d'
