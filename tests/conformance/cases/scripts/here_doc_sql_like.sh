table=users
ids=(3 7 11)
in_list=$(IFS=,; echo "${ids[*]}")
cat <<SQL
SELECT name
  FROM $table
 WHERE id IN ($in_list)
   AND active = 'yes';
SQL
