# from mikefarah/yq docs: usage/properties "Roundtrip" (the sample without its comments)
printf 'person.name = Mike Wazowski\nperson.pets.0 = cat\nperson.pets.1.nested.0 = list entry\nperson.food.0 = pizza\n' > sample.properties
yq -p=props -o=props '.person.pets.0 = "dog"' sample.properties
