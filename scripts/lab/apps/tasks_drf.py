"""Django REST framework "tasks" with drf-spectacular; the description is /api/schema/?format=json.

Run: LAB_VARIANT=<variant> LAB_DB=/tmp/x.sqlite3 gunicorn tasks_drf:application -b 127.0.0.1:N
Users alice/alice-pass and bob/bob-pass (basic auth, optional). Anonymous tasks are public;
a user's tasks are private to them.
"""

import os

import django
from django.conf import settings

import labcommon as lab

VARIANTS = {
    "correct": "as documented",
    "benign": "correct but unusual: extra response fields, a Location header, ETag",
    "use_after_free": "DELETE soft-deletes: the task leaves the listing but stays readable and updatable",
    "not_listed": "tasks created after start-up never appear in the listing",
    "update_other_field": "PATCH resets the fields it was not given (priority, done) to their defaults",
    "idor": "GET /api/tasks/{id}/ serves another user's private task",
    "ignored_auth": "a wrong basic-auth password is treated as anonymous instead of 401",
    "ignores_page_size": "the listing ignores page_size",
}

DB = os.environ.get("LAB_DB", "/tmp/lab-tasks.sqlite3")
if os.path.exists(DB):
    os.remove(DB)

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=["*"],
    SECRET_KEY="lab-not-secret",
    ROOT_URLCONF=__name__,
    USE_TZ=True,
    TIME_ZONE="UTC",
    INSTALLED_APPS=[
        "django.contrib.contenttypes",
        "django.contrib.auth",
        "rest_framework",
        "drf_spectacular",
        "tasksapp",
    ],
    MIDDLEWARE=[f"{__name__}.access_log"],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": DB}},
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    # Basic auth checks the password on every request; Django's default PBKDF2 (a million rounds)
    # would make each request cost ~0.3 s of CPU and the lab hours long. A fast hasher changes
    # nothing the tools can see.
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    REST_FRAMEWORK={
        "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
        "DEFAULT_AUTHENTICATION_CLASSES": ["tasksapp.auth.LabBasicAuthentication"],
        "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
        "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    },
    SPECTACULAR_SETTINGS={"TITLE": "Tasks", "VERSION": "1.0.0", "SERVE_INCLUDE_SCHEMA": False},
)
django.setup()

from django.core.management import call_command  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.db.models import Q  # noqa: E402
from django.http import Http404  # noqa: E402
from django.urls import include, path  # noqa: E402
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view, inline_serializer  # noqa: E402
from drf_spectacular.views import SpectacularAPIView  # noqa: E402
from rest_framework import pagination, routers, serializers, viewsets  # noqa: E402

from tasksapp.models import Task  # noqa: E402


def access_log(get_response):
    def middleware(request):
        response = get_response(request)
        lab.log_request(request.method, request.path, request.META.get("QUERY_STRING", ""), response.status_code)
        return response

    return middleware


class TaskPagination(pagination.PageNumberPagination):
    page_size = 10
    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_size(self, request):
        if lab.variant_in("ignores_page_size"):
            return self.page_size
        return super().get_page_size(request)


class TaskSerializer(serializers.HyperlinkedModelSerializer):
    owner = serializers.ReadOnlyField(source="owner.username", allow_null=True)

    class Meta:
        model = Task
        fields = ["id", "url", "title", "description", "done", "priority", "due_date", "owner", "created_at", "updated_at"]
        read_only_fields = ["id", "url", "owner", "created_at", "updated_at"]

    def update(self, instance, validated_data):
        if self.partial and lab.variant_in("update_other_field"):
            instance.priority = 3
            instance.done = False
        return super().update(instance, validated_data)

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if lab.variant_in("benign"):
            data["revision"] = int(instance.updated_at.timestamp())
        return data


Detail = inline_serializer("Detail", fields={"detail": serializers.CharField()})
FieldErrors = OpenApiResponse(
    response={"type": "object", "additionalProperties": {}}, description="Invalid data, one message list per field"
)
NOT_FOUND = OpenApiResponse(Detail, description="No such task (or not yours)")
REFUSED = OpenApiResponse(Detail, description="Wrong credentials")
UNSUPPORTED = OpenApiResponse(Detail, description="Unsupported media type")
ERRORS_ON_WRITE = {400: FieldErrors, 401: REFUSED, 415: UNSUPPORTED}


@extend_schema_view(
    list=extend_schema(responses={200: TaskSerializer(many=True), 401: REFUSED, 404: NOT_FOUND}),
    create=extend_schema(responses={201: TaskSerializer, **ERRORS_ON_WRITE}),
    retrieve=extend_schema(responses={200: TaskSerializer, 401: REFUSED, 404: NOT_FOUND}),
    update=extend_schema(responses={200: TaskSerializer, **ERRORS_ON_WRITE, 404: NOT_FOUND}),
    partial_update=extend_schema(responses={200: TaskSerializer, **ERRORS_ON_WRITE, 404: NOT_FOUND}),
    destroy=extend_schema(responses={204: None, 401: REFUSED, 404: NOT_FOUND}),
)
class TaskViewSet(viewsets.ModelViewSet):
    serializer_class = TaskSerializer
    pagination_class = TaskPagination

    def get_queryset(self):
        tasks = Task.objects.all()
        user = self.request.user
        if lab.variant_in("use_after_free") and self.action == "list":
            tasks = tasks.filter(deleted=False)
        if lab.variant_in("not_listed") and self.action == "list":
            tasks = tasks.filter(id__lte=SEEDED)
        if lab.variant_in("idor") and self.action == "retrieve":
            return tasks
        if user.is_authenticated:
            return tasks.filter(Q(owner__isnull=True) | Q(owner=user))
        return tasks.filter(owner__isnull=True)

    def get_object(self):
        try:
            found = super().get_object()
        except Http404:
            lab.log_item("/api/tasks/{id}/", self.request.method, self.kwargs.get("pk"), False)
            raise
        lab.log_item("/api/tasks/{id}/", self.request.method, self.kwargs.get("pk"), True)
        return found

    def perform_create(self, serializer):
        user = self.request.user
        serializer.save(owner=user if user.is_authenticated else None)

    def perform_destroy(self, instance):
        if lab.variant_in("use_after_free"):
            instance.deleted = True
            instance.save()
        else:
            instance.delete()

    def create(self, request, *args, **kwargs):
        response = super().create(request, *args, **kwargs)
        if lab.variant_in("benign"):
            response["Location"] = response.data["url"]
        return response

    def retrieve(self, request, *args, **kwargs):
        response = super().retrieve(request, *args, **kwargs)
        if lab.variant_in("benign"):
            response["ETag"] = f'"{response.data["revision"]}"'
        return response


router = routers.DefaultRouter()
router.register("tasks", TaskViewSet, basename="task")
urlpatterns = [
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/", include(router.urls)),
]

call_command("migrate", run_syncdb=True, verbosity=0)
for _name, _password in lab.USERS.items():
    User.objects.create_user(_name, password=_password)
_alice = User.objects.get(username="alice")
_bob = User.objects.get(username="bob")
Task.objects.create(title="Water the plants", priority=2)
Task.objects.create(title="Alice's tax return", priority=5, owner=_alice)
Task.objects.create(title="Bob's dentist", priority=4, owner=_bob)
SEEDED = Task.objects.count()

application = get_wsgi_application()
