/* syn-dialog-watch.c: tells whether a dialog covers a window, so that its clocks can stop.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-dialog-watch"

#include "config.h"

#include "syn-dialog-watch.h"

struct _SynDialogWatch
{
  GObject parent_instance;

  /* borrowed: the window owns the watch */
  GtkWindow *window;

  /* owned */
  GListModel *toplevels;
  char *mark; /* data key on each toplevel followed; one watch per window */
  guint holds;
  gboolean covered;
};

G_DEFINE_FINAL_TYPE (SynDialogWatch, syn_dialog_watch, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_COVERED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A dialog over a dialog (a message over Preferences) covers the board as well. */
static gboolean
covers (SynDialogWatch *self, GtkWindow *other)
{
  if (other == self->window || !gtk_widget_get_visible (GTK_WIDGET (other)))
    return FALSE;
  for (GtkWindow *parent = gtk_window_get_transient_for (other); parent;
       parent = gtk_window_get_transient_for (parent))
    if (parent == self->window)
      return TRUE;
  return FALSE;
}

static void
update (SynDialogWatch *self)
{
  gboolean covered = self->holds > 0;
  guint n = g_list_model_get_n_items (self->toplevels);

  for (guint i = 0; i < n && !covered; i++)
    {
      g_autoptr (GtkWindow) other = g_list_model_get_item (self->toplevels, i);
      covered = covers (self, other);
    }
  if (covered == self->covered)
    return;
  self->covered = covered;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COVERED]);
}

static void
on_toplevel_changed_cb (GtkWindow *other, GParamSpec *pspec, SynDialogWatch *self)
{
  update (self);
}

/* Dialogs are often made hidden and shown later, or given their parent after they exist:
 * each toplevel is followed once, for as long as both live. */
static void
follow (SynDialogWatch *self, GtkWindow *other)
{
  if (g_object_get_data (G_OBJECT (other), self->mark))
    return;
  g_object_set_data (G_OBJECT (other), self->mark, self);
  g_signal_connect_object (other, "notify::visible", G_CALLBACK (on_toplevel_changed_cb), self, 0);
  g_signal_connect_object (other, "notify::transient-for", G_CALLBACK (on_toplevel_changed_cb),
                           self, 0);
}

static void
on_toplevels_changed_cb (GListModel *toplevels, guint position, guint removed, guint added,
                         SynDialogWatch *self)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (GtkWindow) other = g_list_model_get_item (toplevels, i);
      follow (self, other);
    }
  update (self);
}

static void
syn_dialog_watch_dispose (GObject *object)
{
  SynDialogWatch *self = SYN_DIALOG_WATCH (object);

  if (self->toplevels)
    g_signal_handlers_disconnect_by_data (self->toplevels, self);
  g_clear_object (&self->toplevels);
  G_OBJECT_CLASS (syn_dialog_watch_parent_class)->dispose (object);
}

static void
syn_dialog_watch_finalize (GObject *object)
{
  SynDialogWatch *self = SYN_DIALOG_WATCH (object);

  g_free (self->mark);
  G_OBJECT_CLASS (syn_dialog_watch_parent_class)->finalize (object);
}

static void
syn_dialog_watch_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SynDialogWatch *self = SYN_DIALOG_WATCH (object);

  switch (prop_id)
    {
    case PROP_COVERED:
      g_value_set_boolean (value, self->covered);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_dialog_watch_class_init (SynDialogWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = syn_dialog_watch_dispose;
  object_class->finalize = syn_dialog_watch_finalize;
  object_class->get_property = syn_dialog_watch_get_property;
  properties[PROP_COVERED]
      = g_param_spec_boolean ("covered", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
syn_dialog_watch_init (SynDialogWatch *self)
{
  self->mark = g_strdup_printf ("syn-dialog-watch-%p", (void *) self);
}

SynDialogWatch *
syn_dialog_watch_new (GtkWindow *window)
{
  SynDialogWatch *self = g_object_new (SYN_TYPE_DIALOG_WATCH, NULL);
  guint n;

  self->window = window;
  self->toplevels = g_object_ref (gtk_window_get_toplevels ());
  n = g_list_model_get_n_items (self->toplevels);
  g_signal_connect (self->toplevels, "items-changed", G_CALLBACK (on_toplevels_changed_cb), self);
  on_toplevels_changed_cb (self->toplevels, 0, 0, n, self);
  return self;
}

void
syn_dialog_watch_hold (SynDialogWatch *self)
{
  g_return_if_fail (SYN_IS_DIALOG_WATCH (self));

  self->holds++;
  update (self);
}

void
syn_dialog_watch_release (SynDialogWatch *self)
{
  g_return_if_fail (SYN_IS_DIALOG_WATCH (self));
  g_return_if_fail (self->holds > 0);

  self->holds--;
  update (self);
}

gboolean
syn_dialog_watch_is_covered (SynDialogWatch *self)
{
  g_return_val_if_fail (SYN_IS_DIALOG_WATCH (self), FALSE);

  return self->covered;
}
