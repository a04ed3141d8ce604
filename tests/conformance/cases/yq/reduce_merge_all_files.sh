# from mikefarah/yq docs: operators/reduce "Merge all yaml files together"
echo 'a: cat' > sample.yml
echo 'b: dog' > another.yml
yq eval-all '. as $item ireduce ({}; . * $item )' sample.yml another.yml
